package lab

import (
	"context"
	"fmt"
	"path"
	"time"
)

// TestHolds builds the day in dayDir with replace in place of its files
// and checks test exercise e: it passes with the day as it is, and fails
// with each of wrongs in place. The error says what went wrong.
func TestHolds(ctx context.Context, dayDir string, exercises []Exercise, e Exercise, wrongs []Wrong, replace map[string][]byte, work string) error {
	v := &Variants{DayDir: dayDir, Exercises: exercises, Wrongs: wrongs, Replace: replace}
	overlay, _, err := v.Overlay()
	if err != nil {
		return err
	}
	pkg := path.Dir(e.File)
	probe, out, err := BuildProbe(ctx, dayDir, overlay, []string{pkg}, work)
	if err != nil {
		return fmt.Errorf("%v\n%s", err, out)
	}
	day := DoneTags(Numbers(exercises)...)
	res, err := probe.Test(ctx, pkg, e.Func, 2*time.Minute, day...)
	if err != nil {
		return err
	}
	if !res.Passed {
		return fmt.Errorf("%s fails on the reference day, where it should pass:\n%s", e.Func, res.Output)
	}
	for _, w := range wrongs {
		res, err := probe.Test(ctx, pkg, e.Func, 20*time.Second, append(day, WrongTag(w.Name))...)
		if err != nil {
			return err
		}
		if res.Passed {
			return fmt.Errorf("%s passes with the wrong answer wrong/%s.go in place, which it should catch: %s", e.Func, w.Name, w.Why)
		}
	}
	return nil
}
