import { describeJestLine } from './jest-line.js';

describeJestLine({ jest: '30.5.2', types: '30.0.0' });
