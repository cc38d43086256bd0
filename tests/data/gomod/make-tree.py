# Writes tree/ and example.com-m-v1.0.0.zip: the inputs of README.md's vectors.
import os
import zipfile

files = {
    "go.mod": b"module example.com/m\n",
    "a-c": b"dash\n",
    "a/b": b"slash\n",
    "A": b"",
    "z/deep/x.go": b"package deep\n",
    "sp ace": b"space",
    "\u00e9.txt": b"accent\n",
    "big": bytes(i % 251 for i in range(300000)),
}
for n, d in files.items():
    p = os.path.join("tree", n)
    os.makedirs(os.path.dirname(p), exist_ok=True)
    open(p, "wb").write(d)
with zipfile.ZipFile("example.com-m-v1.0.0.zip", "w") as z:
    for n, d in sorted(files.items()):
        comp = zipfile.ZIP_STORED if n in ("A", "sp ace") else zipfile.ZIP_DEFLATED
        z.writestr("example.com/m@v1.0.0/" + n, d, compress_type=comp)
