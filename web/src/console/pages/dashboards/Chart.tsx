// A per-day line chart drawn by uPlot (a small, fast canvas chart). uPlot is
// loaded with the dashboards page only, so neither the member app nor the
// console's other pages carry it. Where no canvas can be drawn (an old
// browser, a test's DOM) the chart stays empty and the page's table and
// summary still say everything.
import { useEffect, useRef } from 'react'
import type uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import styled from 'styled-components'

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
 * Chart draws lines over days. label names the chart for screen readers
 * (the page's table holds the numbers); format words axis and legend
 * values (money).
 */
export function Chart({ days, lines, label, format }: { days: string[]; lines: Line[]; label: string; format?: (v: number) => string }) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const el = ref.current
    if (!el) return
    let live = true
    let chart: uPlot | null = null
    let resize: ResizeObserver | undefined
    loadUPlot().then(
      ({ default: UPlot }) => {
        if (!live) return
        try {
          chart = new UPlot(chartOptions(UPlot, lines, el.clientWidth || 320, format), chartData(days, lines), el)
        } catch {
          // No canvas here: the table and summary stand in for the chart.
          chart = null
          el.replaceChildren()
          return
        }
        if (typeof ResizeObserver !== 'undefined') {
          resize = new ResizeObserver(() => {
            if (el.clientWidth > 0) chart?.setSize({ width: el.clientWidth, height: 220 })
          })
          resize.observe(el)
        }
      },
      () => undefined,
    )
    return () => {
      live = false
      resize?.disconnect()
      chart?.destroy()
    }
  }, [days, lines, format])
  return <Box ref={ref} role="img" aria-label={label} data-testid="chart" />
}
