"""The OpenAPI document describes every answer: a body schema for every 2xx that has one, and
the spec's choice lists as enums (the web app's types and lists are generated from it)."""
from core import choices

OPERATIONS = ("get", "put", "post", "patch", "delete")


def operations(spec):
    for path, item in spec["paths"].items():
        for method in OPERATIONS:
            if method in item:
                yield f"{method.upper()} {path}", item[method]


def test_every_operation_documents_its_success_body(client):
    spec = client.get("/api/openapi.json").get_json()
    missing = [name for name, operation in operations(spec)
               if not any(code.startswith("2") and (code == "204" or response.get("content"))
                          for code, response in operation["responses"].items())]
    assert missing == []


def test_media_files_are_documented_as_files(client):
    spec = client.get("/api/openapi.json").get_json()
    download = spec["paths"]["/api/videos/{video_id}/download"]["get"]["responses"]["200"]
    assert download["content"]["video/mp4"]["schema"] == {"type": "string", "format": "binary"}


def test_the_spec_choice_lists_are_named_enums(client):
    schemas = client.get("/api/openapi.json").get_json()["components"]["schemas"]
    # the spec's lists (core/data/genres.toml), and whatever creation makes Explore filters on
    creation, explore = schemas["CreationGenre"]["enum"], schemas["ExploreGenre"]["enum"]
    assert creation[:6] == ["Gothic Horror", "Psychological", "Supernatural", "Cosmic Horror",
                            "Slasher", "Paranormal"]
    assert explore == ["All Genres", "Gothic Horror", "Psychological Horror", "Supernatural Horror",
                       "Cosmic Horror", "Body Horror", "Slasher", "Paranormal", "Dark Fantasy",
                       "Horror Comedy", "Apocalyptic Horror"]
    assert {choices.SAME_GENRE.get(genre, (genre,))[-1] for genre in explore[1:]} == set(creation)
    assert schemas["ExploreMood"]["enum"] == ["All Moods", *schemas["CreationMood"]["enum"]]
    assert schemas["ExploreMood"]["enum"][0] == "All Moods"
    assert schemas["EditorResolution"]["enum"] == ["720p", "1080p", "4K", "8K"]
    assert schemas["FrameRate"] == {"type": "integer", "enum": [24, 30, 60]}
    assert schemas["Sort"]["enum"] == list(choices.SORTS)


def test_choice_fields_are_enums(client):
    schemas = client.get("/api/openapi.json").get_json()["components"]["schemas"]
    video = schemas["Video"]["properties"]
    assert video["status"]["enum"] == ["pending", "processing", "completed", "failed"]
    assert video["creationMode"]["enum"] == ["from_story", "direct"]
    assert schemas["User"]["properties"]["role"]["enum"] == ["user", "admin", "super_admin"]
    assert schemas["Enhance"]["properties"]["type"]["enum"] == [
        "expand", "shorten", "enhance", "continue"]
    for field in ("genre", "mood", "timeOfDay", "weatherCondition", "narrativePerspective",
                  "pacing"):
        assert "enum" in schemas["StoryWrite"]["properties"][field], field
    for field in ("animationStyle", "narrationVoice", "musicAmbience", "aspectRatio",
                  "resolution", "colorGrading", "transitions"):
        assert "enum" in schemas["VideoEdit"]["properties"][field], field


def test_action_answers_are_described(client):
    spec = client.get("/api/openapi.json").get_json()
    like = spec["paths"]["/api/stories/{content_id}/like"]["post"]["responses"]["200"]
    ref = like["content"]["application/json"]["schema"]["$ref"]
    assert set(spec["components"]["schemas"][ref.rsplit("/", 1)[1]]["properties"]) == {
        "liked", "likesCount"}
