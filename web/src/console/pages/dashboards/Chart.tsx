// A per-day line chart, or a bar chart of counts per named category (traffic
// sources), drawn by uPlot (a small, fast canvas chart). uPlot is
// loaded with the dashboards page only, so neither the member app nor the
// console's other pages carry it. Where no canvas can be drawn (an old
// browser, a test's DOM) the chart stays empty and the page's table and
// summary still say everything.
import { useEffect, useRef } from 'react'
import type uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import styled from 'styled-components'
import { useLoad } from '../../../api/useLoad'

/** Line is one series of a chart: its label, one value per day and its colour. */
export interface Line {
  label: string
  values: number[]
  color: string
}

/** chartData shapes days (YYYY-MM-DD) and lines into uPlot's columns: x in seconds at each day's UTC midnight. */
export function chartData(days: string[], lines: Line[]): uPlot.AlignedData {
  return [days.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000), ...lines.map((l) => l.values)]
}

/**
 * lastInLegend are hooks that show the last place's values in the legend
 * whenever the pointer is not over the chart (on drawing, and when it
 * leaves), so the legend reads numbers without hovering, never "--".
 */
function lastInLegend(): uPlot.Hooks.Arrays {
  const showLast = (u: uPlot) => {
    const last = (u.data[0]?.length ?? 0) - 1
    if (last >= 0 && u.cursor.idx == null) u.setLegend({ idx: last })
  }
  return { ready: [showLast], setCursor: [showLast] }
}

/** chartOptions are uPlot's options for lines on a day axis; days are shown as dates in UTC, where they were placed. */
export function chartOptions(UPlot: typeof uPlot, lines: Line[], width: number, format?: (v: number) => string): uPlot.Options {
  const value = format ? (_u: uPlot, v: number | null) => (v == null ? '' : format(v)) : undefined
  return {
    width,
    height: 220,
    tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
    scales: { x: { time: true } },
    series: [{}, ...lines.map((l) => ({ label: l.label, stroke: l.color, width: 2, points: { show: true, size: 5 }, value }))],
    axes: [{}, { size: 60, values: format ? (_u: uPlot, vs: number[]) => vs.map(format) : undefined }],
    legend: { show: true },
    hooks: lastInLegend(),
  }
}

/** barData shapes counts per category into uPlot's columns: x is each category's place (0, 1, …) in the given order. */
export function barData(categories: string[], lines: Line[]): uPlot.AlignedData {
  return [categories.map((_, i) => i), ...lines.map((l) => l.values)]
}

// ScaleValue (uPlot's const enum, which isolated modules cannot read): bar
// places and widths are in x's own units, so each category spans 1.
const scaleValue = 1 as uPlot.Series.BarsPathBuilderFacetUnit
const groupWidth = 0.8

/**
 * barOptions are uPlot's options for grouped bars: at each category one bar
 * per line, side by side; the x axis names the categories (every few, when
 * there are too many to fit).
 */
export function barOptions(UPlot: typeof uPlot, categories: string[], lines: Line[], width: number, xLabel: string): uPlot.Options {
  const bar = groupWidth / Math.max(1, lines.length)
  const name = (v: number | null) => (v != null && Number.isInteger(v) ? (categories[v] ?? '') : '')
  const short = (s: string) => (s.length > 14 ? `${s.slice(0, 13)}…` : s)
  return {
    width,
    height: 220,
    scales: {
      x: { time: false, range: () => [-0.5, Math.max(0, categories.length - 1) + 0.5] },
      y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
    },
    series: [
      { label: xLabel, value: (_u: uPlot, v: number | null) => name(v) },
      ...lines.map((l, s) => ({
        label: l.label,
        stroke: l.color,
        fill: l.color,
        width: 0,
        points: { show: false },
        paths: UPlot.paths.bars?.({
          disp: {
            x0: { unit: scaleValue, values: (u: uPlot) => (u.data[0] as number[]).map((x) => x - groupWidth / 2 + s * bar) },
            size: { unit: scaleValue, values: () => [bar] },
          },
        }),
      })),
    ],
    axes: [
      {
        splits: () => categories.map((_, i) => i),
        values: (u: uPlot, vs: number[]) => {
          const every = Math.max(1, Math.ceil(categories.length / Math.max(1, Math.floor(u.width / 90))))
          return vs.map((v, i) => (i % every === 0 ? short(name(v)) : ''))
        },
      },
      { size: 60 },
    ],
    legend: { show: true },
    hooks: lastInLegend(),
  }
}

const importUPlot = () => import('uplot')
let uPlotModule: ReturnType<typeof importUPlot> | undefined

/** loadUPlot loads uPlot once for every chart of the page. */
function loadUPlot() {
  uPlotModule ??= importUPlot()
  return uPlotModule
}

const Box = styled.div`
  min-height: 220px;
  width: 100%;
  overflow: hidden;
  .u-legend { font-size: 0.8125rem; }
`

/**
 * Chart draws lines over days, or, given categories (with xLabel naming
 * them), bars per category. label names the chart for screen readers (the
 * page's table holds the numbers); format words axis and legend values
 * (money).
 */
export function Chart({
  days,
  categories,
  xLabel,
  lines,
  label,
  format,
}: {
  days?: string[]
  categories?: string[]
  xLabel?: string
  lines: Line[]
  label: string
  format?: (v: number) => string
}) {
  const ref = useRef<HTMLDivElement>(null)
  // uPlot comes through the one data layer, so no chart is drawn for a page that has gone.
  const lib = useLoad('uplot', () => loadUPlot().then((m) => m.default))
  const UPlot = lib.state.status === 'done' ? lib.state.data : null
  useEffect(() => {
    const el = ref.current
    if (!el || !UPlot) return
    let chart: uPlot | null = null
    let resize: ResizeObserver | undefined
    try {
      const width = el.clientWidth || 320
      chart = categories
        ? new UPlot(barOptions(UPlot, categories, lines, width, xLabel ?? ''), barData(categories, lines), el)
        : new UPlot(chartOptions(UPlot, lines, width, format), chartData(days ?? [], lines), el)
    } catch {
      // No canvas here: the table and summary stand in for the chart.
      el.replaceChildren()
      return
    }
    if (typeof ResizeObserver !== 'undefined') {
      resize = new ResizeObserver(() => {
        if (el.clientWidth > 0) chart?.setSize({ width: el.clientWidth, height: 220 })
      })
      resize.observe(el)
    }
    return () => {
      resize?.disconnect()
      chart?.destroy()
    }
  }, [UPlot, days, categories, xLabel, lines, format])
  return <Box ref={ref} role="img" aria-label={label} data-testid="chart" />
}
