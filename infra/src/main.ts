/** `cdk synth` / `cdk deploy` run this (see cdk.json). */
import { createApp } from './app';

createApp().app.synth();
