// Package lookstest makes brand images for tests.
package lookstest
