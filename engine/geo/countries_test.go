package geo

import (
	"reflect"
	"testing"
)

func TestCountryNames(t *testing.T) {
	t.Parallel()
	got := CountryNames([]string{"nl", "de", "nb", "fr"}, []string{"NL", "BE", "AT", "X1"})
	want := map[string]map[string]string{
		"nl": {"NL": "Nederland", "BE": "België", "AT": "Oostenrijk"},
		"de": {"NL": "Niederlande", "BE": "Belgien", "AT": "Österreich"},
		// Bokmål, not Danish ("Holland", "Østrig").
		"nb": {"NL": "Nederland", "BE": "Belgia", "AT": "Østerrike"},
		"fr": {"NL": "Pays-Bas", "BE": "Belgique", "AT": "Autriche"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("CountryNames = %v, want %v", got, want)
	}
}
