// The contract's validators, loaded beside the first request rather than before the first paint:
// zod's full build is a fifth of the console's initial JavaScript (docs/decisions/0022-the-console.md, "Speed").
export { ChannelRecord, ChannelRecordList } from '../../contract/channel.ts';
export { PushInbox, PushInboxList, PushInboxSummary } from '../../contract/push.ts';
export { ErrorBody, StatusResult } from '../../contract/status.ts';
export { LatestPositions } from '../../contract/positions.ts';
export { Alarm, AlarmChange, AlarmPage } from '../../contract/alarms.ts';
export { PlaceName } from '../../contract/places.ts';
export { LiveEnd, LiveOpen } from '../../contract/live.ts';
export { TimesliceList } from '../../contract/timeslice.ts';
export { UserInfo } from '../../contract/userinfo.ts';
export {
  NotificationDeliveries,
  NotificationSettings,
  NotificationTestResult,
  WebPushKey,
} from '../../contract/notifications.ts';
export {
  PersonList,
  PersonProfile,
  AccessExplanation,
  ChannelMatchList,
} from '../../contract/people.ts';
export { AuditPage } from '../../contract/audit.ts';
export { PushHealth, PushHealthList, PushTestResult } from '../../contract/push-health.ts';
export { ChannelReach } from '../../contract/channel-reach.ts';
