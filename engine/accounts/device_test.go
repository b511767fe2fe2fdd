package accounts

import (
	"strings"
	"testing"
)

// TestDeviceOf: common browsers are named by what they are, not by the
// engines they claim (Edge and Samsung Internet say Chrome, Chrome on an
// iPhone says Safari); what is not recognised is left out.
func TestDeviceOf(t *testing.T) {
	t.Parallel()
	for ua, want := range map[string]string{
		"Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36":                      "Chrome on Android",
		"Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1":    "Safari on iPhone",
		"Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1":     "Chrome on iPhone",
		"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0":              "Edge on Windows",
		"Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:133.0) Gecko/20100101 Firefox/133.0":                                                        "Firefox on macOS",
		"Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36": "Samsung Internet on Android",
		"Mozilla/5.0 (X11; Linux x86_64) SomeBot/1.0": "Linux",
		"curl/8.5.0": "",
		"":           "",
	} {
		if got := DeviceOf(ua); got != want {
			t.Errorf("DeviceOf(%q) = %q, want %q", ua, got, want)
		}
	}
	long := strings.Repeat("é", 300)
	if got := cut(long, maxUserAgent); len(got) > maxUserAgent || !strings.HasPrefix(long, got) || len(got)%2 != 0 {
		t.Errorf("cut kept %d bytes, want at most %d whole characters", len(got), maxUserAgent)
	}
}
