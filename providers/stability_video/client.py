"""A small client over the Stability SDK's gRPC stubs: one key image per call.

``stability_sdk`` and ``grpc`` are imported lazily, so the site runs without the extra installed.
Every failure becomes a ``ProviderError`` whose text a user can read.
"""
import io
import random
import uuid

from core.providers import ProviderError

# the SDXL 1.0 engine only accepts these sizes
SDXL_SIZES = [(1024, 1024), (1152, 896), (1216, 832), (1344, 768), (1536, 640),
              (640, 1536), (768, 1344), (832, 1216), (896, 1152)]


def channel_problem(host, insecure, timeout):
    """Why a gRPC channel to ``host`` does not become ready within ``timeout`` s, or None."""
    grpc, _pb, _pb_grpc = _sdk()
    channel = (grpc.insecure_channel(host) if insecure
               else grpc.secure_channel(host, grpc.ssl_channel_credentials()))
    try:
        grpc.channel_ready_future(channel).result(timeout=timeout)
    except grpc.FutureTimeoutError:
        return f"could not reach {host} within {timeout:g} s"
    finally:
        channel.close()
    return None


def sdxl_size(width, height):
    """The allowed generation size closest in aspect to ``width`` x ``height``."""
    target = width / height
    return min(SDXL_SIZES, key=lambda s: abs(s[0] / s[1] - target))


def _sdk():
    try:
        import grpc
        from stability_sdk.interfaces.gooseai.generation import generation_pb2, generation_pb2_grpc
    except ImportError as exc:
        raise ProviderError("The stability video provider needs the optional extra: "
                            "pip install 'dreadforge[stability]'") from exc
    return grpc, generation_pb2, generation_pb2_grpc


class KeyImageClient:
    def __init__(self, host, key, engine, steps=30, cfg_scale=7.0, timeout=120.0, insecure=False):
        self.host, self.key, self.engine = host, key, engine
        self.steps, self.cfg_scale, self.timeout, self.insecure = steps, cfg_scale, timeout, insecure
        self.channel = None
        self.stub = None

    def __enter__(self):
        grpc, _pb, pb_grpc = _sdk()
        options = [("grpc.max_receive_message_length", 20 * 1024 * 1024),
                   ("grpc.max_send_message_length", 20 * 1024 * 1024)]
        if self.insecure:
            self.channel = grpc.insecure_channel(self.host, options=options)
            self.metadata = [("authorization", f"Bearer {self.key}")]
        else:
            creds = grpc.composite_channel_credentials(
                grpc.ssl_channel_credentials(), grpc.access_token_call_credentials(self.key))
            self.channel = grpc.secure_channel(self.host, creds, options=options)
            self.metadata = []
        self.stub = pb_grpc.GenerationServiceStub(self.channel)
        return self

    def __exit__(self, *exc):
        if self.channel is not None:
            self.channel.close()
        self.channel = self.stub = None
        return False

    def request(self, prompt, width, height, seed=0, style_preset=None, negative=""):
        _grpc, pb, _ = _sdk()
        from google.protobuf.struct_pb2 import Struct
        prompts = [pb.Prompt(text=prompt, parameters=pb.PromptParameters(weight=1.0))]
        if negative:
            prompts.append(pb.Prompt(text=negative, parameters=pb.PromptParameters(weight=-1.0)))
        image = pb.ImageParameters(
            width=width, height=height, samples=1, steps=self.steps,
            seed=[seed or random.randrange(1, 2 ** 32 - 1)],
            parameters=[pb.StepParameter(scaled_step=0,
                                         sampler=pb.SamplerParameters(cfg_scale=self.cfg_scale))])
        extras = None
        if style_preset:
            extras = Struct()
            extras.update({"$IPC": {"preset": style_preset}})
        return pb.Request(engine_id=self.engine, request_id=str(uuid.uuid4()),
                          requested_type=pb.ARTIFACT_IMAGE, prompt=prompts, image=image,
                          extras=extras)

    def generate(self, prompt, width, height, seed=0, style_preset=None, negative="", scene=1):
        """The first image artifact for ``prompt`` as a PIL image (RGB)."""
        grpc, pb, _ = _sdk()
        from PIL import Image
        request = self.request(prompt, width, height, seed, style_preset, negative)
        try:
            for answer in self.stub.Generate(request, timeout=self.timeout, metadata=self.metadata,
                                             wait_for_ready=False):
                for artifact in answer.artifacts:
                    if artifact.finish_reason == pb.FILTER or artifact.type == pb.ARTIFACT_CLASSIFICATIONS:
                        found = [c.name for c in list(artifact.classifier.exceeds) +
                                 list(artifact.classifier.categories) if c.name]
                        why = f" ({', '.join(dict.fromkeys(found))})" if found else ""
                        raise ProviderError(
                            f"Stability's content filter refused the prompt for scene {scene}{why}; "
                            "try softening the wording of that paragraph")
                    if artifact.type == pb.ARTIFACT_IMAGE and artifact.binary:
                        if artifact.finish_reason == pb.ERROR:
                            raise ProviderError(f"Stability failed to draw scene {scene}")
                        try:
                            with Image.open(io.BytesIO(artifact.binary)) as im:
                                return im.convert("RGB")
                        except OSError:
                            raise ProviderError(
                                f"Stability sent an unreadable image for scene {scene}") from None
        except grpc.RpcError as err:
            raise ProviderError(self._explain(grpc, err, scene)) from None
        raise ProviderError(f"Stability returned no image for scene {scene}")

    def _explain(self, grpc, err, scene):
        code = err.code() if hasattr(err, "code") else None
        details = (err.details() if hasattr(err, "details") else "") or ""
        codes = grpc.StatusCode
        if code in (codes.UNAUTHENTICATED, codes.PERMISSION_DENIED):
            return f"Stability rejected the API key ({details or code.name.lower()})"
        if code == codes.INVALID_ARGUMENT:
            return f"Stability refused the request for scene {scene}: {details or 'invalid prompt'}"
        if code == codes.RESOURCE_EXHAUSTED:
            return f"Stability quota or rate limit reached: {details or 'try again later'}"
        if code == codes.DEADLINE_EXCEEDED:
            return f"Stability did not answer within {self.timeout:g} s (scene {scene})"
        if code == codes.NOT_FOUND:
            return f"Stability does not know the engine '{self.engine}': {details}"
        if code in (codes.UNAVAILABLE, codes.CANCELLED, codes.INTERNAL, codes.UNKNOWN, codes.ABORTED):
            return (f"The connection to Stability ({self.host}) was lost while drawing scene "
                    f"{scene}: {details or code.name.lower()}")
        return f"Stability failed on scene {scene}: {details or (code.name if code else err)}"
