/**
 * The read load (read-load.ts) in a process of its own, so that its work is not the soak's: started
 * with the options as JSON in its first argument and an IPC channel; answers `snapshot` with the
 * counts so far and `stop` with the report, then exits.
 */
import {startReadLoad, type ReadLoadOptions} from './read-load'

const options = JSON.parse(process.argv[2] ?? '{}') as ReadLoadOptions
const load = startReadLoad(options)
process.on('message', (message: {type?: string}) => {
  if (message.type === 'snapshot') process.send?.({type: 'snapshot', counts: load.snapshot()})
  if (message.type === 'stop')
    void load.stop().then((report) => {
      process.send?.({type: 'report', report}, () => process.exit(0))
    })
})
process.on('disconnect', () => process.exit(0))
process.send?.({type: 'ready'})
