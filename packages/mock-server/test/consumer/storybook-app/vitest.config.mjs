export default { test: { environment: 'node', include: ['stories.test.js'] } };
