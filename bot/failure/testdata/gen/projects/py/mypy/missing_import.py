import flask
from yaml_config_loader import load_config

app = flask.Flask(__name__)
cfg: dict[str, str] = load_config("app.yaml")
