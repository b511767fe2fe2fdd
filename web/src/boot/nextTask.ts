/**
 * nextTask resolves in a new task of the browser's (a message to itself,
 * which timers do not delay or clamp), so that what follows does not add to
 * the task that awaits it (a long task blocks a tap).
 */
export const nextTask = (): Promise<unknown> =>
  new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = resolve
    channel.port2.postMessage(0)
  })
