import configparser


def load(path="settings.ini"):
    parser = configparser.ConfigParser()
    with open(path, encoding="utf-8") as fh:
        parser.read_file(fh)
    return parser


if __name__ == "__main__":
    cfg = load()
    print(cfg["server"]["port"])
