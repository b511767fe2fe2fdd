// Package sepa checks the bank account a member gives for a SEPA direct
// debit: the IBAN's form, its length for its country (the SWIFT IBAN
// registry) and its ISO 7064 mod-97 check digits, so a mistyped number is
// refused before a code is texted or a mandate is made; and it masks an
// IBAN for showing it back.
package sepa
