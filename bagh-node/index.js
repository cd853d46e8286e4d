'use strict';
// The addon, built by `make node` into this folder. Everything, the error
// classes included, is defined by the addon itself; this file only gives
// the folder a `main`, so that `require('./bagh-node')` works.
module.exports = require('./bagh.node');
