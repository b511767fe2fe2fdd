// Package refusal is how the domain areas say no: a typed error with a kind
// (invalid, not found, forbidden...), a stable code that clients translate,
// the product's English text with {placeholders}, and the values that fill
// them. The areas return these errors and know nothing of HTTP;
// platform/httpx.WriteError is the one place that turns a kind into a status
// code and writes the JSON answer.
package refusal
