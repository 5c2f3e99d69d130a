export { openaiSimulator, type RecordedRequest, startOpenAiSimulator } from './openai-simulator';
