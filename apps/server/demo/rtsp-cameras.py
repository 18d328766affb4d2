#!/usr/bin/python3
"""Simulated IP cameras for Vigil's demo and tests: one RTSP server on loopback, one mount per camera.

Each mount shows a moving scene with the camera's name and the wall-clock time (UTC) burnt into the
picture, encoded as H.264 with a one-second keyframe interval, as a real camera would send it.
Usage: rtsp-cameras.py PORT  (camera list as JSON on stdin: [{"path": "/demo/x", "name": "X"}, ...])
"""
import json
import os
import signal
import sys

import gi

gi.require_version("Gst", "1.0")
gi.require_version("GstRtspServer", "1.0")
from gi.repository import GLib, Gst, GstRtspServer  # noqa: E402

os.environ["TZ"] = "UTC"


def launch_line(name: str, index: int, width: int, height: int, fps: int) -> str:
    safe = name.replace('"', "'")
    pattern = "ball" if index % 2 == 0 else "pinwheel"
    return (
        f"( videotestsrc is-live=true pattern={pattern} motion=sweep "
        f"! video/x-raw,width={width},height={height},framerate={fps}/1 "
        f'! textoverlay text="{safe}" valignment=top halignment=left font-desc="DejaVu Sans Bold 14" shaded-background=true '
        f'! clockoverlay time-format="%Y-%m-%d %H:%M:%S UTC" valignment=bottom halignment=right '
        f'font-desc="DejaVu Sans Mono Bold 18" shaded-background=true '
        f"! x264enc tune=zerolatency speed-preset=ultrafast key-int-max={fps} bitrate=250 "
        f"! video/x-h264,profile=baseline ! rtph264pay name=pay0 pt=96 config-interval=1 )"
    )


REQUIRED = ["videotestsrc", "textoverlay", "clockoverlay", "x264enc", "rtph264pay"]


def main() -> None:
    if sys.argv[1:] == ["--check"]:
        Gst.init(None)
        missing = [name for name in REQUIRED if Gst.ElementFactory.find(name) is None]
        print("missing: " + " ".join(missing) if missing else "ok")
        sys.exit(1 if missing else 0)
    port = sys.argv[1] if len(sys.argv) > 1 else "8554"
    width = int(os.environ.get("VIGIL_DEMO_WIDTH", "480"))
    height = int(os.environ.get("VIGIL_DEMO_HEIGHT", "270"))
    fps = int(os.environ.get("VIGIL_DEMO_FPS", "5"))
    cameras = json.load(sys.stdin)
    Gst.init(None)
    server = GstRtspServer.RTSPServer()
    server.set_address("127.0.0.1")
    server.set_service(port)
    mounts = server.get_mount_points()
    for index, camera in enumerate(cameras):
        factory = GstRtspServer.RTSPMediaFactory()
        factory.set_launch(launch_line(camera["name"], index, width, height, fps))
        factory.set_shared(True)
        mounts.add_factory(camera["path"], factory)
    if server.attach(None) == 0:
        print(f"cannot listen on 127.0.0.1:{port}", file=sys.stderr)
        sys.exit(1)
    loop = GLib.MainLoop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, sig, loop.quit)
    print(f"ready rtsp://127.0.0.1:{port} {len(cameras)} cameras", flush=True)
    loop.run()


if __name__ == "__main__":
    main()
