module.exports = {handbook: ['intro', 'running-a-relay']}
