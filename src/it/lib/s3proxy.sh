# Sourced by the system-test runners that start S3Proxy (src/it/faults/run.sh, src/it/proof/run.sh) as the S3 server.
# s3proxy_properties FILE ENDPOINT ACCESS SECRET BASEDIR writes the configuration of an S3Proxy that keeps its buckets
# as folders under BASEDIR (created) and checks AWS signatures v2 and v4 against ACCESS/SECRET.
s3proxy_properties() {
  mkdir -p "$5"
  cat >"$1" <<PROPS
s3proxy.endpoint=$2
s3proxy.authorization=aws-v2-or-v4
s3proxy.identity=$3
s3proxy.credential=$4
s3proxy.ignore-unknown-headers=true
jclouds.provider=filesystem
jclouds.filesystem.basedir=$5
PROPS
}
