/** leaveFor sends the browser to the payment provider's page (a full page load, out of the app). */
export function leaveFor(url: string): void {
  window.location.assign(url)
}
