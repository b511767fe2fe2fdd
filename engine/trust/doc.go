// Package trust catches fake profiles and scammers early: the same photo
// on another account (perceptual hashes of every uploaded photo, indexed in
// four 16-bit bands), and scam and spam signals in chat (links, phone
// numbers, e-mail addresses, requests for money, gift cards or crypto,
// the same text to many members) that raise a member's risk score. Past
// the brand's threshold the member lands in the console's flagged queue
// with the evidence, and an operator decides. House profiles are exempt.
package trust
