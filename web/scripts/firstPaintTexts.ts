// The build's dist/firstpaint.json: for each language, the few catalogue
// texts of the engine's first paint (engine/webapp/firstpaint.go), the
// static first screen of the home, the search, a member's page, a conversation and a
// member's first pages (the tab bar) that
// index.html carries until the app's first render replaces it. The texts come
// from the app's own catalogues, so both paints say the same words.
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Plugin } from 'vite'

/** firstPaintKeys are the catalogue keys the first paint uses. */
export const firstPaintKeys = [
  'home.title',
  'home.lead',
  'home.signup',
  'home.login',
  'homePage.teasersTitle',
  'homePage.nameAge',
  'members.title',
  'members.lead',
  'member.age',
  'messenger.allConversations',
  'chats.title',
  'chats.back',
  'messenger.log',
  'messenger.olderHidden',
  'messenger.noMessages',
  'messenger.blockedBy',
  'messenger.message.gift',
  'messenger.message.photo',
  'messenger.composer.placeholder',
  'messenger.composer.send',
  'messenger.composer.more',
  'profileNote.title',
  'messenger.composer.counter',
  ...['search', 'swipe', 'likes', 'messages', 'profile'].map((tab) => `nav.tabs.${tab}`),
  ...['one', 'few', 'many', 'other'].flatMap((n) => [`messenger.composer.cost_${n}`, `messenger.composer.balance_${n}`, `messenger.composer.free_${n}`]),
] as const

/** firstPaintPrefixes are the catalogue subtrees the first paint takes whole: the gift names of the chat's messages. */
export const firstPaintPrefixes = ['gifts'] as const

type Tree = { [key: string]: string | Tree }

/** lookup is the text at a dotted key of a catalogue tree, or undefined. */
function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined
  return typeof node === 'string' ? node : undefined
}

/** firstPaintTexts reads, per language, the first paint's texts from the catalogues under src (the shell's and each page area's). */
export function firstPaintTexts(src: string): Record<string, Record<string, string>> {
  const dirs = [join(src, 'i18n/locales'), ...readdirSync(join(src, 'pages')).map((area) => join(src, 'pages', area, 'locales'))]
  const out: Record<string, Record<string, string>> = {}
  for (const dir of dirs) {
    let files: string[]
    try {
      files = readdirSync(dir).filter((f) => f.endsWith('.json'))
    } catch {
      continue
    }
    for (const file of files) {
      const tree = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Tree
      const texts = (out[file.slice(0, -'.json'.length)] ??= {})
      for (const key of firstPaintKeys) {
        const text = lookup(tree, key)
        if (text !== undefined) texts[key] = text
      }
      for (const prefix of firstPaintPrefixes) {
        const sub = tree[prefix]
        if (typeof sub !== 'object') continue
        for (const [name, text] of Object.entries(sub)) if (typeof text === 'string') texts[`${prefix}.${name}`] = text
      }
    }
  }
  return out
}

/** firstPaint is the Vite plugin that writes dist/firstpaint.json. */
export function firstPaint(src: string): Plugin {
  return {
    name: 'rendezvous-first-paint',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'firstpaint.json', source: JSON.stringify(firstPaintTexts(src), null, 1) + '\n' })
    },
  }
}
