// Package notifytest reads the development mailbox in tests.
package notifytest
