// Package credits keeps the credit ledger: every change of a member's
// balance is a ledger row written in the same transaction as the balance
// and whatever the credits pay for. Balances never go below zero and always
// equal the sum of the member's ledger rows.
package credits
