// Package accountstest makes members for tests straight in the database.
package accountstest
