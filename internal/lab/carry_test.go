package lab

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// threeDays writes a course of three days with the same file, each a copy
// of the day before, but for the module in its import path.
func threeDays(t *testing.T, files map[string][3]string) string {
	t.Helper()
	root := t.TempDir()
	for i, name := range []string{"day01", "day02", "day03"} {
		all := map[string]string{"go.mod": strings.Replace(testModule, "example.com/day", "ply/"+name, 1)}
		for rel, versions := range files {
			all[rel] = strings.ReplaceAll(versions[i], "DAY", name)
		}
		writeFiles(t, filepath.Join(root, name), all)
	}
	return root
}

const calcV1 = `package calc

import "ply/DAY/num"

// Div divides.
func Div(a, b int) int {
	return a / b
}

// Add adds.
func Add(a, b int) int { return num.Sum(a, b) }
`

const calcV2 = `package calc

import "ply/DAY/num"

// Div divides, and refuses zero.
func Div(a, b int) int {
	if b == 0 {
		return 0
	}
	return a / b
}

// Add adds.
func Add(a, b int) int { return num.Sum(a, b) }
`

func TestFindUncarried(t *testing.T) {
	// Day 2 fixed Div, and day 3 still has day 1's.
	root := threeDays(t, map[string][3]string{"calc/calc.go": {calcV1, calcV2, calcV1}})
	found, err := FindUncarried(root)
	if err != nil {
		t.Fatal(err)
	}
	if len(found) != 2 {
		t.Fatalf("FindUncarried = %v, want the changed comment and the new lines of day02", found)
	}
	if got := found[0].String(); !strings.HasPrefix(got, "day02/calc/calc.go:5: day02 differs here from day01/calc/calc.go:5 and day03/calc/calc.go:5, which agree") {
		t.Errorf("found %q", got)
	}
	// Day 3 with day 2's fix, or with a change of its own there: nothing.
	own := strings.NewReplacer("// Div divides.", "// Div divides, as day 3 says.", "return a / b", "return a / b // day 3's own").Replace(calcV1)
	for _, third := range []string{calcV2, own} {
		root := threeDays(t, map[string][3]string{"calc/calc.go": {calcV1, calcV2, third}})
		if found, err := FindUncarried(root); err != nil || len(found) > 0 {
			t.Errorf("FindUncarried = %v, %v; want nothing", found, err)
		}
	}
}

func TestCarry(t *testing.T) {
	root := threeDays(t, map[string][3]string{
		"calc/calc.go": {calcV1, calcV1, strings.Replace(calcV1, "func Add(a, b int) int { return num.Sum(a, b) }", "func Add(a, b int) int { return a + b }", 1)},
		"calc/mul.go":  {"package calc\n\n// Mul multiplies.\nfunc Mul(a, b int) int { return a * b }\n", "package calc\n\n// Mul multiplies.\nfunc Mul(a, b int) int { return a * b }\n", "package calc\n\n// Mul is day 3's.\nfunc Mul(a, b int) int { return b * a }\n"},
	})
	day01 := Day{Name: "day01", Dir: filepath.Join(root, "day01")}
	before := map[string][]byte{}
	for _, rel := range []string{"calc/calc.go", "calc/mul.go", "calc/new.go"} {
		data, _ := os.ReadFile(filepath.Join(day01.Dir, rel))
		before[rel] = data
	}
	before["calc/new.go"] = nil
	writeFiles(t, day01.Dir, map[string]string{
		"calc/calc.go": strings.ReplaceAll(calcV2, "DAY", "day01"),
		"calc/mul.go":  "package calc\n\n// Mul multiplies, as a * b.\nfunc Mul(a, b int) int { return a * b }\n",
		"calc/new.go":  "package calc\n\nimport \"ply/day01/num\"\n\nvar _ = num.Sum\n",
	})
	got, err := Carry(root, day01, before, false)
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, c := range got {
		lines = append(lines, c.Path+": "+c.Done+"|"+c.Refuse)
	}
	want := []string{
		"day02/calc/calc.go: 2 changes carried|",
		"day03/calc/calc.go: 2 changes carried|",
		"day02/calc/mul.go: 1 change carried|",
		"day03/calc/mul.go: |day03 keeps the change at day01/calc/mul.go:3: the later day does not hold the lines it changed, once, as they were",
		"day02/calc/new.go: created|",
		"day03/calc/new.go: created|",
	}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("Carry =\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
	// The change is in day 3 too, beside day 3's own change of Add, and
	// the new file speaks of day 3's module.
	data, _ := os.ReadFile(filepath.Join(root, "day03", "calc", "calc.go"))
	if !strings.Contains(string(data), "if b == 0 {") || !strings.Contains(string(data), "return a + b") {
		t.Errorf("day03's calc.go after Carry:\n%s", data)
	}
	data, _ = os.ReadFile(filepath.Join(root, "day03", "calc", "new.go"))
	if !strings.Contains(string(data), `"ply/day03/num"`) {
		t.Errorf("day03's new.go after Carry:\n%s", data)
	}
	if found, err := FindUncarried(root); err != nil || len(found) > 0 {
		t.Errorf("after Carry, FindUncarried = %v, %v; want nothing", found, err)
	}
	// Again, nothing is left to carry.
	if got, err := Carry(root, day01, before, true); err != nil || len(got) != 1 {
		t.Errorf("Carry again = %+v, %v; want only day 3's refusal again", got, err)
	}
}
