/** The demo data of the README, for the server's SEED_DEMO and the seed:demo command. */
export {
  DEMO_ACCOUNTS,
  demoAccountsBanner,
  demoSettingsOf,
  existingDemoAccounts,
  seedDemoIfEmpty,
  type TDemoSettings,
} from './seed';
