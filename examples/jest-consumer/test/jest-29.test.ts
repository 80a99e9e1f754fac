import { describeJestLine } from './jest-line.js';

describeJestLine({ jest: '29.7.0', types: '29.5.14' });
