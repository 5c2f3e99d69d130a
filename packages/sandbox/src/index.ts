export * as demo from './demo/index';
export * from './salon-data/index';
export * as enableBanking from './simulators/enable-banking/index';
export * as gocardless from './simulators/gocardless/index';
export * as hmrc from './simulators/hmrc/index';
export * as openai from './simulators/openai/index';
export * as square from './simulators/square/index';
export * as stripe from './simulators/stripe/index';
export * as sumup from './simulators/sumup/index';
