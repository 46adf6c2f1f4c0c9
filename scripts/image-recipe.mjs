// The runtime tree of the Docker image, assembled from a built source tree (`npx tsc -b` and
// `npm run build:web` done): the root manifests, each workspace's manifest and built output, and
// node_modules pruned to production dependencies. The Dockerfile runs it; so does the image-recipe
// test (core/test/image-recipe.test.ts), which is how CI proves the recipe on a machine without Docker.
//
//   node scripts/image-recipe.mjs <target folder>
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Workspace folders, from the root manifest's globs (only `dir/*` and plain paths are used). */
export function workspaces(from = root) {
  const manifest = JSON.parse(fs.readFileSync(path.join(from, 'package.json'), 'utf8'));
  return manifest.workspaces.flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [pattern];
    const parent = pattern.slice(0, -2);
    return fs
      .readdirSync(path.join(from, parent))
      .map((name) => `${parent}/${name}`)
      .filter((dir) => fs.existsSync(path.join(from, dir, 'package.json')));
  });
}

/** What a workspace needs at run time: its manifest's "files" (default dist), and its own node_modules. */
function runtimeEntries(from, dir) {
  const manifest = JSON.parse(fs.readFileSync(path.join(from, dir, 'package.json'), 'utf8'));
  return ['package.json', ...(manifest.files ?? ['dist']), 'node_modules'].filter((entry) => fs.existsSync(path.join(from, dir, entry)));
}

/**
 * Copies a tree, hard-linking files where the file system allows it (fast, no extra space) and
 * keeping symlinks as they are (npm's workspace links are relative). Manifests are real copies,
 * since npm rewrites them in the target.
 */
function linkTree(source, target) {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const stat = fs.lstatSync(source);
  if (stat.isSymbolicLink()) {
    fs.symlinkSync(fs.readlinkSync(source), target);
  } else if (stat.isDirectory()) {
    fs.mkdirSync(target, { recursive: true });
    for (const name of fs.readdirSync(source)) linkTree(path.join(source, name), path.join(target, name));
  } else if (/(^|\/)(\.?package(-lock)?\.json)$/.test(path.basename(source))) {
    fs.copyFileSync(source, target);
  } else {
    try {
      fs.linkSync(source, target);
    } catch {
      fs.copyFileSync(source, target);
    }
  }
}

/** node_modules is large: GNU cp links it in a fraction of the time; npm's own lock in it is a real copy. */
function linkNodeModules(source, target) {
  try {
    execFileSync('cp', ['-al', source, target], { stdio: 'pipe' });
  } catch {
    fs.rmSync(target, { recursive: true, force: true });
    linkTree(source, target);
    return;
  }
  const hidden = path.join(target, '.package-lock.json');
  if (fs.existsSync(hidden)) {
    fs.rmSync(hidden);
    fs.copyFileSync(path.join(source, '.package-lock.json'), hidden);
  }
}

const isWeb = (dir) => dir === 'web-shell' || dir.startsWith('web-modules/');

/** The web is served prebuilt: its libraries (React, Blueprint, ...) were for the build, not the server. */
function shipBuiltOnly(manifestFile) {
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  delete manifest.dependencies;
  delete manifest.peerDependencies;
  fs.writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
}

export function assemble(target, from = root) {
  if (fs.existsSync(target) && fs.readdirSync(target).length > 0) throw new Error(`${target} is not empty`);
  fs.mkdirSync(target, { recursive: true });
  for (const file of ['package.json', 'package-lock.json']) fs.copyFileSync(path.join(from, file), path.join(target, file));
  linkNodeModules(path.join(from, 'node_modules'), path.join(target, 'node_modules'));
  for (const dir of workspaces(from)) {
    for (const entry of runtimeEntries(from, dir)) linkTree(path.join(from, dir, entry), path.join(target, dir, entry));
    if (isWeb(dir)) shipBuiltOnly(path.join(target, dir, 'package.json'));
  }
  // The same command as the Dockerfile's: development tools leave the image.
  execFileSync('npm', ['prune', '--omit=dev', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: target, stdio: 'inherit' });
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const target = process.argv[2];
  if (!target) {
    process.stderr.write('usage: node scripts/image-recipe.mjs <target folder>\n');
    process.exit(2);
  }
  assemble(path.resolve(target));
}
