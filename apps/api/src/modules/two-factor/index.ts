/** What other features and the app use of the two-step login (decision 063). */
export { secondStepIsOn, startSecondStep } from './service';
