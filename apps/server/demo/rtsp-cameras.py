#!/usr/bin/python3
"""Simulated IP cameras for Vigil's demo and tests: one RTSP server on loopback, one mount per camera.

Each mount shows a scene with the camera's name and the wall-clock time (UTC) burnt into the picture, encoded as
H.264 with a one-second keyframe interval, as a real camera would send it.
Usage: rtsp-cameras.py PORT  (camera list as JSON on stdin: [{"path": "/demo/x", "name": "X", "scene": {...}}, ...])
       rtsp-cameras.py --check  (prints "ok", or the GStreamer elements that are missing)

A camera's optional "scene" (absent: a moving test pattern):
  "background": {"kind": "pattern", "pattern": "snow"}           a videotestsrc pattern (default: ball or pinwheel)
              | {"kind": "frames", "dir": "/abs/dir", "fps": 10}   JPEG frames 00001.jpg, 00002.jpg, ... played in a loop
              | {"kind": "still", "image": "/abs/file.jpg"}        one picture
  "visitors": [{"image": "/abs/cutout.png", "period_s": 150, "offset_s": 20, "duration_s": 12,
                "direction": "ltr" | "rtl", "y": 0.6}, ...]
  "bitrate_kbps": 250   the encoder's target (tests of a slow viewer want a heavy stream: a snow pattern at 8000)
A visitor (an RGBA cut-out) is on screen while ((unix time - offset_s) mod period_s) < duration_s, crossing the frame
from one side to the other in duration_s; with duration_s >= period_s it is always on screen, going back and forth.
Where it is, and which background frame shows, are pure functions of the wall clock, so tests can compute them.
"""
import json
import math
import os
import re
import signal
import sys
import time

import gi

gi.require_version("Gst", "1.0")
gi.require_version("GstRtspServer", "1.0")
from gi.repository import GLib, Gst, GstRtspServer  # noqa: E402

os.environ["TZ"] = "UTC"

REQUIRED = [
    "videotestsrc",
    "textoverlay",
    "clockoverlay",
    "x264enc",
    "rtph264pay",
    "appsrc",
    "filesrc",
    "jpegdec",
    "imagefreeze",
    "videoconvert",
    "videoscale",
    "gdkpixbufoverlay",
]


def background_chain(background: dict, index: int, width: int, height: int, fps: int) -> str:
    """The launch text of a camera's background, ending in raw video of the camera's size and rate."""
    raw = f"video/x-raw,width={width},height={height},framerate={fps}/1"
    kind = background.get("kind", "pattern")
    if kind == "frames":
        # Fed by FramePusher: one JPEG per output frame, the one the wall clock points at; stamped when pushed.
        return (
            f'appsrc name=frames is-live=true do-timestamp=true format=time max-buffers=2 leaky-type=downstream '
            f'caps="image/jpeg,framerate={fps}/1" ! jpegdec ! videoconvert ! videoscale ! {raw}'
        )
    if kind == "still":
        return (
            f"filesrc name=still ! jpegdec ! videoconvert ! videoscale ! video/x-raw,width={width},height={height} "
            f"! imagefreeze is-live=true ! {raw}"
        )
    pattern = background.get("pattern") or ("ball" if index % 2 == 0 else "pinwheel")
    return f"videotestsrc is-live=true pattern={pattern} motion=sweep ! {raw}"


def launch_line(name: str, index: int, width: int, height: int, fps: int, scene: dict | None = None) -> str:
    scene = scene or {}
    safe = name.replace('"', "'")
    visitors = "".join(
        f"! gdkpixbufoverlay name=visitor{i} positioning-mode=pixels-absolute alpha=0 "
        for i in range(len(scene.get("visitors") or []))
    )
    return (
        f"( {background_chain(scene.get('background') or {}, index, width, height, fps)} "
        f"{visitors}"
        f'! textoverlay text="{safe}" valignment=top halignment=left font-desc="DejaVu Sans Bold 14" shaded-background=true '
        f'! clockoverlay time-format="%Y-%m-%d %H:%M:%S UTC" valignment=bottom halignment=right '
        f'font-desc="DejaVu Sans Mono Bold 18" shaded-background=true '
        f"! x264enc tune=zerolatency speed-preset=ultrafast key-int-max={fps} bitrate={int(scene.get('bitrate_kbps', 250))} "
        f"! video/x-h264,profile=baseline ! rtph264pay name=pay0 pt=96 config-interval=1 )"
    )


def png_size(path: str) -> tuple[int, int]:
    with open(path, "rb") as f:
        head = f.read(24)
    if head[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG image")
    return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")


def visitor_position(visitor: dict, now: float, frame_width: int, image_width: int) -> float | None:
    """The left edge of a visitor's cut-out at unix time `now`, or None while it is off screen."""
    period = float(visitor.get("period_s", 150))
    duration = float(visitor.get("duration_s", 12))
    since = now - float(visitor.get("offset_s", 0))
    ltr = visitor.get("direction", "ltr") != "rtl"
    if duration >= period:
        # Always there: back and forth, staying inside the frame.
        phase = (since % (2 * duration)) / duration
        progress = phase if phase < 1 else 2 - phase
        travel = max(0, frame_width - image_width)
        return (progress if ltr else 1 - progress) * travel
    into = since % period
    if into >= duration:
        return None
    progress = into / duration
    # From just outside one edge to just outside the other.
    start, end = -image_width, frame_width
    return start + (end - start) * (progress if ltr else 1 - progress)


class Visitors:
    """Moves a camera's visitor overlays before each frame is drawn (a pad probe; the position comes from the clock)."""

    def __init__(self, visitors: list, elements: list, width: int, height: int) -> None:
        self.items = []
        for visitor, element in zip(visitors, elements):
            image_width, _ = png_size(visitor["image"])
            element.set_property("location", visitor["image"])
            top = round(float(visitor.get("y", 0.15)) * height)
            self.items.append({"visitor": visitor, "element": element, "width": image_width, "y": top, "shown": None})
        self.width = width

    def probe(self, _pad, _info) -> Gst.PadProbeReturn:
        now = time.time()
        for item in self.items:
            x = visitor_position(item["visitor"], now, self.width, item["width"])
            element = item["element"]
            if x is None:
                if item["shown"] is not False:
                    element.set_property("alpha", 0.0)
                    item["shown"] = False
                continue
            element.set_property("offset-x", int(round(x)))
            element.set_property("offset-y", item["y"])
            if item["shown"] is not True:
                element.set_property("alpha", 1.0)
                item["shown"] = True
        return Gst.PadProbeReturn.OK


class FramePusher:
    """Feeds a looping JPEG sequence into an appsrc at the camera's frame rate: each push is the frame the wall clock
    points at (unix time x the sequence's fps, modulo its length), so the loop never ends and never stalls."""

    _listings: dict = {}

    def __init__(self, appsrc, directory: str, source_fps: float, fps: int) -> None:
        self.appsrc = appsrc
        self.directory = directory
        self.source_fps = source_fps
        self.fps = fps
        self.files = FramePusher.listing(directory)
        self.timer = 0
        self.stopped = False

    @staticmethod
    def listing(directory: str) -> list:
        if directory not in FramePusher._listings:
            names = sorted(n for n in os.listdir(directory) if re.fullmatch(r"\d{5}\.jpg", n))
            if not names:
                raise ValueError(f"{directory}: no frames (00001.jpg, ...)")
            FramePusher._listings[directory] = [os.path.join(directory, n) for n in names]
        return FramePusher._listings[directory]

    def start(self) -> None:
        self.schedule()

    def stop(self) -> None:
        self.stopped = True
        if self.timer:
            GLib.source_remove(self.timer)
            self.timer = 0

    def schedule(self) -> None:
        # Ticks on the grid of the frame period (no drift however late a tick runs).
        now = time.monotonic()
        next_tick = (math.floor(now * self.fps) + 1) / self.fps
        self.timer = GLib.timeout_add(max(1, int(math.ceil((next_tick - now) * 1000))), self.tick)

    def tick(self) -> bool:
        self.timer = 0
        if self.stopped:
            return False
        _, state, _ = self.appsrc.get_state(0)
        if state == Gst.State.PLAYING:
            path = self.files[int(time.time() * self.source_fps) % len(self.files)]
            try:
                with open(path, "rb") as f:
                    data = f.read()
                self.appsrc.emit("push-buffer", Gst.Buffer.new_wrapped(data))
            except OSError as error:
                print(f"frame {path}: {error}", file=sys.stderr, flush=True)
        self.schedule()
        return False


def configure(media, camera: dict, width: int, height: int, fps: int) -> None:
    """Gives a new media of a camera its files and its moving parts (once per pipeline the server builds)."""
    scene = camera.get("scene") or {}
    background = scene.get("background") or {}
    pipeline = media.get_element()
    kind = background.get("kind", "pattern")
    if kind == "still":
        pipeline.get_by_name("still").set_property("location", background["image"])
    elif kind == "frames":
        pusher = FramePusher(pipeline.get_by_name("frames"), background["dir"], float(background.get("fps", 10)), fps)
        pusher.start()
        media.connect("unprepared", lambda _media: pusher.stop())
    visitors = scene.get("visitors") or []
    if visitors:
        elements = [pipeline.get_by_name(f"visitor{i}") for i in range(len(visitors))]
        mover = Visitors(visitors, elements, width, height)
        elements[0].get_static_pad("sink").add_probe(Gst.PadProbeType.BUFFER, mover.probe)


def check_scene(camera: dict) -> None:
    """Refuses a scene whose files are missing, before anyone connects."""
    scene = camera.get("scene") or {}
    background = scene.get("background") or {}
    kind = background.get("kind", "pattern")
    if kind == "frames":
        FramePusher.listing(background["dir"])
    elif kind == "still":
        if not os.path.isfile(background["image"]):
            raise ValueError(f"{background['image']}: no such picture")
    elif kind != "pattern":
        raise ValueError(f"unknown background kind {kind!r}")
    for visitor in scene.get("visitors") or []:
        png_size(visitor["image"])


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
        try:
            check_scene(camera)
        except (OSError, ValueError, KeyError) as error:
            print(f"{camera['path']}: {error}; showing the test pattern", file=sys.stderr, flush=True)
            camera = {**camera, "scene": None}
        factory = GstRtspServer.RTSPMediaFactory()
        factory.set_launch(launch_line(camera["name"], index, width, height, fps, camera.get("scene")))
        factory.set_shared(True)
        if camera.get("scene"):
            factory.connect("media-configure", lambda _factory, media, c=camera: configure(media, c, width, height, fps))
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
