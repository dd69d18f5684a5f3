"""The ``openai`` story provider: the shared model writer over chat completions."""
from providers.model_story.provider import ModelStoryProvider

from .client import ChatService, endpoint_problems
from .options import Options


class OpenAIStoryProvider(ModelStoryProvider):
    name = "openai"
    label = "OpenAI-compatible API"
    runs_on = "OpenAI-compatible"
    Options = Options
    secret_env_options = ("api_key_env",)

    def __init__(self, options=None):
        super().__init__(Options().load(dict(options or {})))
        self.service = ChatService(self.options)

    @classmethod
    def online_problems(cls, options, timeout):
        """``plugins check --online``: the server at ``base_url`` answers, and takes the key
        (it is asked for its models; a server that lists none still answers)."""
        return endpoint_problems(options, timeout)

    def chat_model(self):
        return self.service

    def model_name(self):
        return self.options["model"]
