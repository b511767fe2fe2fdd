// The tab bar's icons: plain strokes in currentColor, so they take the tab's
// colour and need no emoji font.

const Svg = ({ d }: { d: string }) => (
  <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
    <path d={d} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
)

export type TabIconName = 'search' | 'swipe' | 'likes' | 'messages' | 'profile'

const PATHS: Record<TabIconName, string> = {
  search: 'M10.5 17a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13ZM15.5 15.5 20 20',
  swipe: 'M8 3.5h8a2 2 0 0 1 2 2v13a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2v-13a2 2 0 0 1 2-2ZM3 7v10M21 7v10',
  likes: 'M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10Z',
  messages: 'M4 5.5h16v11H9l-5 4v-15Z',
  profile: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8ZM4.5 20.5a7.5 7.5 0 0 1 15 0',
}

/** TabIcon is one tab's icon, decorative (the tab's label names it). */
export function TabIcon({ name }: { name: TabIconName }) {
  return <Svg d={PATHS[name]} />
}
