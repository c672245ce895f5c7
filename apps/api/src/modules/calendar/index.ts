/** Calendar invitations of shifts (docs/decisions/052): the builder, with no SQL, and an application's invitation. */
export { shiftInvitation, type TSite } from './service';
export { SHIFT_TIME_ZONE, shiftCalendar, shiftUid, type TShiftEvent } from './shift-event';
