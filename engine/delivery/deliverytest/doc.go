// Package deliverytest reads the development mailbox in tests.
package deliverytest
