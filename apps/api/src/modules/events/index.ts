/** What the app uses of the live events: the open streams of this process (GET /api/events/, decision 072). */
export { createLiveStreams, type TLiveStream, type TLiveStreams } from './live-streams';
