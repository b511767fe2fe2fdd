// Package infopages owns the static info pages of a brand (terms, privacy,
// cookies, faq, ban, return-policy, service, also at /{token}): their texts
// in every site language, written once as templates and filled with the
// brand's company record and settings, so a new brand gets correct legal
// pages without anyone copying text. An operator who needs other wording for
// one brand puts a file in the tenants directory (tenants/README.md, Info
// pages), which wins over the built-in text.
package infopages
