"""A real gRPC server speaking Stability's GenerationService, for tests of the stability provider.

It listens on 127.0.0.1 (a free port), checks the ``authorization: Bearer <key>`` metadata and
answers ``Generate`` with PNG artifacts drawn with PIL. Its behaviour is scriptable::

    with FakeStability(key="sk-test") as fake:
        fake.mode = "ok" | "refuse" | "filter_image" | "invalid_prompt" | "drop"
        fake.refuse_words = {"forbidden"}      # refuse only prompts containing these words
        fake.drop_after = 1                    # in "drop" mode: serve N requests, then cut the stream
        fake.requests                          # every Request received
"""
import hashlib
import io
import threading
from concurrent import futures

import grpc
from PIL import Image, ImageDraw
from stability_sdk.interfaces.gooseai.generation import generation_pb2 as pb
from stability_sdk.interfaces.gooseai.generation import generation_pb2_grpc as pb_grpc


def png_for(prompt, width, height):
    """A PNG whose colours depend on the prompt: a gradient, a moon and a horizon."""
    digest = hashlib.sha256(prompt.encode()).digest()
    top = tuple(int(b) // 3 for b in digest[:3])
    bottom = tuple(min(255, int(b) // 2 + 40) for b in digest[3:6])
    im = Image.new("RGB", (width, height))
    draw = ImageDraw.Draw(im)
    for y in range(height):
        t = y / max(1, height - 1)
        draw.line([(0, y), (width, y)], fill=tuple(int(a + (b - a) * t) for a, b in zip(top, bottom)))
    r = height // 10
    cx = width * (digest[6] / 255 * 0.6 + 0.2)
    draw.ellipse([cx - r, height * 0.2 - r, cx + r, height * 0.2 + r], fill=(230, 230, 210))
    draw.rectangle([0, int(height * 0.72), width, height], fill=(10, 10, 14))
    buf = io.BytesIO()
    im.save(buf, "PNG")
    return buf.getvalue()


class _Service(pb_grpc.GenerationServiceServicer):
    def __init__(self, fake):
        self.fake = fake

    def Generate(self, request, context):
        fake = self.fake
        metadata = dict(context.invocation_metadata())
        if metadata.get("authorization") != f"Bearer {fake.key}":
            context.abort(grpc.StatusCode.UNAUTHENTICATED, "Incorrect API key provided")
        with fake.lock:
            fake.requests.append(request)
            fake.metadata.append(metadata)
            served = len(fake.requests)
        text = " ".join(p.text for p in request.prompt if p.text and p.parameters.weight >= 0)
        refused = fake.mode in ("refuse", "filter_image", "invalid_prompt") and (
            not fake.refuse_words or any(w in text.lower() for w in fake.refuse_words))
        width = request.image.width or 512
        height = request.image.height or 512
        answer_id = f"answer-{served}"
        if refused and fake.mode == "invalid_prompt":
            context.abort(grpc.StatusCode.INVALID_ARGUMENT, "Invalid prompts detected")
        if refused and fake.mode == "refuse":
            classifier = pb.ClassifierParameters(
                categories=[pb.ClassifierCategory(name="nsfw", concepts=[pb.ClassifierConcept(concept="violence")])],
                realized_action=pb.ACTION_DISCARD)
            yield pb.Answer(answer_id=answer_id, request_id=request.request_id, artifacts=[
                pb.Artifact(id=1, type=pb.ARTIFACT_CLASSIFICATIONS, classifier=classifier,
                            finish_reason=pb.FILTER)])
            return
        if refused and fake.mode == "filter_image":
            yield pb.Answer(answer_id=answer_id, request_id=request.request_id, artifacts=[
                pb.Artifact(id=1, type=pb.ARTIFACT_IMAGE, mime="image/png",
                            binary=png_for("blurred", 64, 64), finish_reason=pb.FILTER)])
            return
        if fake.mode == "drop" and served > fake.drop_after:
            # a first answer goes out, then the stream is cut
            yield pb.Answer(answer_id=answer_id, request_id=request.request_id,
                            meta=pb.AnswerMeta(gpu_id="fake"))
            context.abort(grpc.StatusCode.UNAVAILABLE, "connection reset by peer")
        yield pb.Answer(answer_id=answer_id, request_id=request.request_id, artifacts=[
            pb.Artifact(id=1, type=pb.ARTIFACT_IMAGE, mime="image/png", binary=png_for(text, width, height),
                        finish_reason=pb.STOP, seed=request.image.seed[0] if request.image.seed else 0)])


class FakeStability:
    def __init__(self, key="sk-test-key", mode="ok"):
        self.key = key
        self.mode = mode
        self.refuse_words = set()
        self.drop_after = 0
        self.requests = []
        self.metadata = []
        self.lock = threading.Lock()
        self.server = None
        self.port = None

    @property
    def host(self):
        return f"127.0.0.1:{self.port}"

    def start(self):
        self.server = grpc.server(futures.ThreadPoolExecutor(max_workers=4))
        pb_grpc.add_GenerationServiceServicer_to_server(_Service(self), self.server)
        self.port = self.server.add_insecure_port("127.0.0.1:0")
        self.server.start()
        return self

    def stop(self):
        if self.server is not None:
            self.server.stop(grace=None)
            self.server = None

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()
        return False
