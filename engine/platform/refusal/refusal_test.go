package refusal

import (
	"errors"
	"fmt"
	"testing"
)

func TestText(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		message string
		params  map[string]any
		want    string
	}{
		{"Plain text.", nil, "Plain text."},
		{"Enter your date of birth ({min_age}+)", map[string]any{"min_age": 18}, "Enter your date of birth (18+)"},
		{"{a} and {b}", map[string]any{"a": "{b}", "b": 2}, "{b} and 2"},
		{"{missing} stays", map[string]any{"other": 1}, "{missing} stays"},
		{"unclosed {name", map[string]any{"name": "x"}, "unclosed {name"},
	} {
		if got := New(Invalid, "c", c.message).With(c.params).Text(); got != c.want {
			t.Errorf("%q with %v = %q, want %q", c.message, c.params, got, c.want)
		}
	}
}

func TestIsMatchesByCode(t *testing.T) {
	t.Parallel()
	base := New(TooMany, "login_blocked", "blocked for {minutes} min.")
	filled := fmt.Errorf("login: %w", base.With(map[string]any{"minutes": 15}))
	if !errors.Is(filled, base) {
		t.Fatal("a filled-in refusal is not its original")
	}
	if errors.Is(filled, New(TooMany, "reset_limit", "")) {
		t.Fatal("refusals with different codes match")
	}
	if base.Params != nil {
		t.Fatal("With changed the original")
	}
	if e := As(filled); e == nil || e.Text() != "blocked for 15 min." {
		t.Fatalf("As = %v", e)
	}
	if As(errors.New("boom")) != nil {
		t.Fatal("a plain error is a refusal")
	}
}
