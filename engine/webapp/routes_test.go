package webapp

import "testing"

func TestIsAppRoute(t *testing.T) {
	t.Parallel()
	cases := map[string]bool{
		"/": true, "/likes": true, "/likes/new": true, "/likes/m/12": true, "/chats/5": true,
		"/members/7/landing2": true, "/members/7/landing2/summer": true, "/members/7/landing3/x": true,
		"/credits/3": true, "/credits/3/ideal": true, "/credits/repeat-order": true, "/transactions": true,
		"/transactions/9": true, "/landers/tinderswipe": false, "/landers/gallery": false, "/landers/video/slug": false,
		"/pages/terms": true, "/terms": true, "/reset-password/do": true, "/activate/error": true,
		"/nope": false, "/members/7/chat/extra": false, "/landers/unknown": false, "/likes/m/1/x": false,
		"/credits/3/ideal/x": false, "/pages/unknown": false, "/members//chat": false,
	}
	for path, want := range cases {
		if got := IsAppRoute(path); got != want {
			t.Errorf("%s: %v, want %v", path, got, want)
		}
	}
}
