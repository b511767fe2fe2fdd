package admin_test

import (
	"net/url"
	"testing"

	"rendezvous/engine/platform/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

func mustURL(s string) *url.URL {
	u, err := url.Parse(s)
	if err != nil {
		panic(err)
	}
	return u
}
