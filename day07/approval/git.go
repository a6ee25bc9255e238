package approval

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// git status, git diff and git log only read, but git reads its
// configuration first, and its configuration can name programs to run:
// core.fsmonitor on every status and diff, hooks, an external diff, a
// textconv or a filter driver, a pager. A file the model wrote can be
// that configuration. .git/config asks when a tool writes it, but a
// repository without a .git folder is found by its files alone: HEAD,
// config, objects/ and refs/ in the workspace make it a bare repository,
// whose config git obeys.
//
// So an allowed git runs with settings given in its environment, which
// come before every configuration file:
var gitSettings = [][2]string{
	{"safe.bareRepository", "explicit"}, // a bare repository is used only when named (--git-dir), never found in the workspace
	{"core.fsmonitor", "false"},         // no file-system monitor program on status and diff
	{"core.hooksPath", "/dev/null"},     // no hooks
	{"log.showSignature", "false"},      // no gpg to verify signatures
}

// gitEnvironment are variables an allowed git gets besides: no optional
// locks, so that git status does not write the index as it refreshes it
// (a write, which also runs the post-index-change hook); no prompt; and
// none of the user's own settings, which lie in the home folder, where
// the read-only sandbox lets nothing read (git stops when it cannot read
// them).
var gitEnvironment = []string{"GIT_OPTIONAL_LOCKS=0", "GIT_TERMINAL_PROMPT=0", "GIT_CONFIG_GLOBAL=" + os.DevNull}

// What is left needs a configuration file the model cannot write without
// a question: an external diff (diff.external) and a diff driver's
// textconv or command come from .git/config or the user's own files, and
// --ext-diff and a %G format, which run them or gpg, ask (see
// askingOptions). A pager needs a terminal, and the command has none.

// environment returns the environment of the program name: env, and for
// git the settings above, given as GIT_CONFIG_COUNT, GIT_CONFIG_KEY_n and
// GIT_CONFIG_VALUE_n after any the user set, and a ceiling: git looks for
// its repository in the workspace and never above it (in a home folder
// under git, or a monorepo the workspace is part of), where the sandbox
// would not let it read.
func environment(name string, env []string, workspace string) []string {
	if commandName(name) != "git" {
		return env
	}
	count := 0
	kept := make([]string, 0, len(env)+2*len(gitSettings)+len(gitEnvironment)+1)
	for _, entry := range env {
		key, value, _ := strings.Cut(entry, "=")
		if key == "GIT_CONFIG_COUNT" {
			if n, err := strconv.Atoi(value); err == nil && n > 0 {
				count = n // the user's own settings stay, before ours
			}
			continue
		}
		kept = append(kept, entry)
	}
	for i, s := range gitSettings {
		kept = append(kept,
			fmt.Sprintf("GIT_CONFIG_KEY_%d=%s", count+i, s[0]),
			fmt.Sprintf("GIT_CONFIG_VALUE_%d=%s", count+i, s[1]))
	}
	kept = append(kept, fmt.Sprintf("GIT_CONFIG_COUNT=%d", count+len(gitSettings)))
	kept = append(kept, "GIT_CEILING_DIRECTORIES="+filepath.Dir(workspace))
	return slices.Concat(kept, gitEnvironment)
}
