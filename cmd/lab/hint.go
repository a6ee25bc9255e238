package main

import (
	"context"
	"fmt"
	"io"
	"path"
	"strconv"

	"ply/internal/lab"
)

// hint shows one rung of an exercise's hint ladder, the first unless a
// level is given, and says how to get the next.
func hint(_ context.Context, root string, args []string, stdout, _ io.Writer) error {
	if len(args) < 2 || len(args) > 3 {
		return fmt.Errorf("%w: hint wants a day, an exercise and maybe a level, such as hint day01 1", errUsage)
	}
	d, exercises, n, err := dayExercise(root, args[0], args[1])
	if err != nil {
		return err
	}
	first := lab.Of(exercises, n)[0]
	ladder := first.Hints
	level := 1
	if len(args) == 3 {
		if level, err = strconv.Atoi(args[2]); err != nil || level < 1 || level > max(1, len(ladder)) {
			return fmt.Errorf("no such level: %q; %s's exercise %d has hints 1 to %d", args[2], d.Name, n, len(ladder))
		}
	}
	st := newStyles(stdout)
	fmt.Fprintf(stdout, "%s\n", st.Bold.Render(fmt.Sprintf("%s, exercise %d: %s (%s)", d.Name, n, funcList(lab.Of(exercises, n)), fileList(lab.Of(exercises, n)))))
	if len(ladder) == 0 {
		fmt.Fprintf(stdout, "It has no hints yet. Its contract: %s\n", first.Contract)
		return nil
	}
	fmt.Fprintf(stdout, "hint %d of %d: %s\n", level, len(ladder), ladder[level-1])
	if level < len(ladder) {
		fmt.Fprintf(stdout, "%s %s hint %s %d %d\n", st.Dim.Render("next hint:"), lab.Command, d.Name, n, level+1)
	} else {
		fmt.Fprintf(stdout, "%s %s\n", st.Dim.Render("that was the last hint; the worked answer is in"), shown(root, path.Join("solutions", d.Name, "README.md")))
	}
	return nil
}

// dayExercise reads the arguments that name a day and one of its
// exercises, and returns them with the day's exercises.
func dayExercise(root, dayArg, numberArg string) (lab.Day, []lab.Exercise, int, error) {
	d, err := lab.FindDay(root, dayArg)
	if err != nil {
		return lab.Day{}, nil, 0, err
	}
	exercises, err := lab.Exercises(d.Dir)
	if err != nil {
		return lab.Day{}, nil, 0, err
	}
	numbers := lab.Numbers(exercises)
	n, err := strconv.Atoi(numberArg)
	if err != nil || len(lab.Of(exercises, n)) == 0 {
		return lab.Day{}, nil, 0, fmt.Errorf("no such exercise: %q; %s has exercises 1 to %d", numberArg, d.Name, len(numbers))
	}
	return d, exercises, n, nil
}
