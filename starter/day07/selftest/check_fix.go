package selftest

import (
	"context"
	"fmt"
	"strings"

	"ply/day07/llm"
)

// A run of go test on the playground, as run_command returns it: before
// the fix, and after.
const (
	testsRed = "--- FAIL: TestDiv (0.00s)\n    --- FAIL: TestDiv/by_zero (0.00s)\n" +
		"panic: runtime error: integer divide by zero [recovered]\n\n" +
		"goroutine 7 [running]:\ntesting.tRunner.func1.2({0x1, 0x2})\n\t/go/src/testing/testing.go:1734 +0x21c\n" +
		"calc.Div(...)\n\t/tmp/calc/calc.go:20\ncalc.TestDiv.func1(0x0?)\n\t/tmp/calc/calc_test.go:28 +0x19d\n" +
		"FAIL\tcalc\t0.012s\nFAIL\n(exit code 1 · 0.61s)"
	testsGreen = "ok  \tcalc\t0.003s\n(exit code 0 · 0.52s)"
	calcRead   = "    17\t// Div returns a / b, rounded toward zero.\n    18\tvar ErrDivideByZero = errors.New(\"x\")\n" +
		"    19\tfunc Div(a, b int) (int, error) {\n    20\t\treturn a / b, nil\n    21\t}\n"
)

// mockTurn runs one turn of the Mock on request, answering its tool calls
// in order with outputs, and returns the names of the tools it called and
// the text it ended with.
func mockTurn(ctx context.Context, request string, outputs ...string) ([]string, string, error) {
	msgs := conversation(request)
	var called []string
	for {
		got, err := mockStep(ctx, llm.Mock{}, msgs)
		if err != nil || len(got.calls) == 0 {
			return called, got.text, err
		}
		if len(called) == len(outputs) {
			return called, got.text, fmt.Errorf("the Mock called %s after %v, one call more than expected", got.calls[0].Name, called)
		}
		called = append(called, got.calls[0].Name)
		msgs = append(msgs, llm.Message{Role: llm.RoleAssistant, ToolCalls: got.calls},
			llm.Message{Role: llm.RoleTool, ToolCallID: got.calls[0].ID, Content: outputs[len(called)-1]})
	}
}

func mockRunsTests(ctx context.Context) error {
	called, text, err := mockTurn(ctx, "run the tests and see which case fails", testsRed)
	if err != nil {
		return err
	}
	if fmt.Sprint(called) != "[run_command]" || !strings.Contains(text, "TestDiv/by_zero fails") {
		return fmt.Errorf("the Mock called %v and said %q; want run_command, then the failing case named", called, text)
	}
	return nil
}

func mockFixes(ctx context.Context) error {
	called, text, err := mockTurn(ctx, "fix it", testsRed, calcRead, "edited calc.go: replaced 1 occurrence\n", testsGreen)
	if err != nil {
		return err
	}
	if want := "[run_command read_file edit_file run_command]"; fmt.Sprint(called) != want || !strings.HasPrefix(text, "Fixed:") {
		return fmt.Errorf("the Mock called %v and said %q; want %s, then \"Fixed: …\"", called, text, want)
	}
	return nil
}
