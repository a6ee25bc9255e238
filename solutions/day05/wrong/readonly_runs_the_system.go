// Wrong: the system's folders get Execute, as an approved command's do, so sh, and any program a repository's configuration names for git to run (diff.external, a textconv), can start.
// Exercise: 6
// Caught by: TestReadOnly, self-check "the read-only policy writes only to the devices, runs only what the gate judged, and opens no connection"
package sandbox

func (pl Places) ReadOnly(programs []string) Policy {
	p := Policy{Name: "read-only"}
	p.Rules = append(p.Rules, Rule{pl.Workspace, Read})
	p.Rules = append(p.Rules, each(pl.System, Read|Execute)...)
	p.Rules = append(p.Rules, each(pl.Devices, Read|Write)...)
	p.Rules = append(p.Rules, each(programs, Read|Execute)...)
	return p
}
