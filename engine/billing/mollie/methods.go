package mollie

// The engine's payment methods (billing.Methods) and Mollie's method ids. Card
// brands are not methods at Mollie: a payer with a Visa, Maestro or Dankort
// card pays with creditcard, and Mollie's checkout asks for the card.
var mollieMethod = map[string]string{
	"ideal":         "ideal",
	"bancontact":    "bancontact",
	"creditcard":    "creditcard",
	"visa":          "creditcard",
	"mastercard":    "creditcard",
	"maestro":       "creditcard",
	"cartebancaire": "creditcard",
	"dankort":       "creditcard",
	"nexi":          "creditcard",
	"paypal":        "paypal",
	"sofort":        "sofort",
	"giropay":       "giropay",
	"eps":           "eps",
	"prezelewy24":   "przelewy24", // the engine's spelling of Przelewy24
	"blik":          "blik",
	"twint":         "twint",
	"satispay":      "satispay",
	"applepay":      "applepay",
	"paysafecard":   "paysafecard",
	"mobilepay":     "mobilepay",
	"vipps":         "vipps",
	"swish":         "swish",
	"sct":           "banktransfer", // SEPA credit transfer
	"sdd":           "directdebit",  // SEPA direct debit
}

// cardBrands are the engine's method names a Mollie creditcard method stands
// for, creditcard first.
var cardBrands = []string{"creditcard", "visa", "mastercard", "maestro", "cartebancaire", "dankort", "nexi"}

// specMethods maps a Mollie method id back to the engine's method names it
// serves.
var specMethods = func() map[string][]string {
	m := map[string][]string{"creditcard": cardBrands}
	for spec, id := range mollieMethod {
		if id != "creditcard" {
			m[id] = []string{spec}
		}
	}
	return m
}()

// MethodID answers Mollie's method id for an engine method name, and
// whether there is one.
func MethodID(spec string) (string, bool) {
	id, ok := mollieMethod[spec]
	return id, ok
}

// SpecMethod answers the engine's method name of a payment paid with Mollie's
// method id: the first of its names (creditcard for every card), or the id
// itself for a method the engine does not sell with (Klarna, gift cards...),
// empty when Mollie names none yet.
func SpecMethod(id string) string {
	if names, ok := specMethods[id]; ok {
		return names[0]
	}
	return id
}

// SpecMethods answers the engine's method names Mollie's method id stands
// for: every card brand for creditcard, none for a method the engine does
// not sell with.
func SpecMethods(id string) []string {
	return specMethods[id]
}
