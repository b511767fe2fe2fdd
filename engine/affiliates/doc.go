// Package affiliates owns what affiliates are paid on: the visits their links
// bring (traffic_visits), the postbacks that tell a network of its
// members' signups, activations and first purchases (postbacks,
// postback_calls), and the report per traffic source. The source itself
// (network, ref, sub1..sub3) is read from the link by package landerpages and
// kept on the member (accounts) and on every order (billing); accounts and
// billing call Postbacks.Queue in the transaction of the event.
package affiliates
