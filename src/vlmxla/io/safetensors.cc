#include "vlmxla/io/safetensors.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>

namespace vlmxla::io {

namespace {

// The format caps the header at 100 MB; a larger length field means a corrupt or hostile file.
constexpr uint64_t kMaxHeaderBytes = 100'000'000;

std::string ErrnoText() { return std::strerror(errno); }

}  // namespace

Result<std::vector<TensorInfo>> ParseSafetensorsHeader(
    const std::string& header_json, uint64_t data_size,
    std::map<std::string, std::string>* metadata) {
  nlohmann::json header = nlohmann::json::parse(header_json, nullptr, /*allow_exceptions=*/false);
  if (header.is_discarded()) return DataLoss("header is not valid JSON");
  if (!header.is_object()) return DataLoss("header is not a JSON object");

  std::vector<TensorInfo> tensors;
  for (auto& [name, entry] : header.items()) {
    if (name == "__metadata__") {
      if (!entry.is_object()) return DataLoss("__metadata__ is not an object");
      for (auto& [k, v] : entry.items()) {
        if (!v.is_string()) return DataLoss("__metadata__ value for '" + k + "' is not a string");
        if (metadata) (*metadata)[k] = v.get<std::string>();
      }
      continue;
    }
    const std::string where = "tensor '" + name + "'";
    if (!entry.is_object()) return DataLoss(where + " entry is not an object");
    for (auto& [k, v] : entry.items()) {
      if (k != "dtype" && k != "shape" && k != "data_offsets") {
        return DataLoss(where + " has unknown field '" + k + "'");
      }
    }
    if (!entry.contains("dtype") || !entry["dtype"].is_string())
      return DataLoss(where + " has no dtype string");
    auto dtype = DTypeFromSafetensorsName(entry["dtype"].get<std::string>());
    if (!dtype) {
      return Unimplemented(where + " has unsupported dtype " + entry["dtype"].get<std::string>());
    }
    if (!entry.contains("shape") || !entry["shape"].is_array())
      return DataLoss(where + " has no shape array");
    TensorInfo info;
    info.name = name;
    info.dtype = *dtype;
    uint64_t elements = 1;
    for (const auto& d : entry["shape"]) {
      if (!d.is_number_unsigned())
        return DataLoss(where + " has a non-integer or negative dimension");
      const uint64_t dim = d.get<uint64_t>();
      if (dim != 0 && elements > std::numeric_limits<uint64_t>::max() / dim)
        return DataLoss(where + " shape overflows");
      elements *= dim;
      info.shape.push_back(static_cast<int64_t>(dim));
    }
    const auto& offs = entry.contains("data_offsets") ? entry["data_offsets"] : nlohmann::json();
    if (!offs.is_array() || offs.size() != 2 || !offs[0].is_number_unsigned() ||
        !offs[1].is_number_unsigned()) {
      return DataLoss(where + " data_offsets must be two non-negative integers");
    }
    info.begin = offs[0].get<uint64_t>();
    info.end = offs[1].get<uint64_t>();
    if (info.end < info.begin) return DataLoss(where + " data_offsets end before they begin");
    if (info.end > data_size) {
      return DataLoss(where + " ends at byte " + std::to_string(info.end) +
                      " but the data section has " + std::to_string(data_size) + " bytes");
    }
    const uint64_t elem_size = DTypeSize(info.dtype);
    if (elements > std::numeric_limits<uint64_t>::max() / elem_size)
      return DataLoss(where + " byte size overflows");
    if (info.end - info.begin != elements * elem_size) {
      return DataLoss(where + " has " + std::to_string(info.end - info.begin) +
                      " bytes but shape " + ShapeToString(info.shape) + " of " +
                      DTypeName(info.dtype) + " needs " + std::to_string(elements * elem_size));
    }
    tensors.push_back(std::move(info));
  }

  // Tensors must tile the data section exactly: no overlaps, no gaps (as the reference library).
  std::vector<const TensorInfo*> by_offset;
  for (const auto& t : tensors) by_offset.push_back(&t);
  std::sort(by_offset.begin(), by_offset.end(), [](const TensorInfo* a, const TensorInfo* b) {
    return a->begin != b->begin ? a->begin < b->begin : a->end < b->end;
  });
  uint64_t cursor = 0;
  for (const TensorInfo* t : by_offset) {
    if (t->begin != cursor) {
      return DataLoss("tensor '" + t->name + "' starts at byte " + std::to_string(t->begin) +
                      (t->begin < cursor ? " and overlaps the previous tensor"
                                         : " leaving a gap after byte " + std::to_string(cursor)));
    }
    cursor = t->end;
  }
  if (cursor != data_size) {
    return DataLoss("data section has " + std::to_string(data_size) + " bytes but tensors cover " +
                    std::to_string(cursor));
  }
  return tensors;
}

Result<SafetensorsFile> SafetensorsFile::Open(const std::string& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return NotFound("cannot open " + path + ": " + ErrnoText());
  struct stat st;
  if (::fstat(fd, &st) != 0) {
    ::close(fd);
    return DataLoss("cannot stat " + path + ": " + ErrnoText());
  }
  const uint64_t file_size = static_cast<uint64_t>(st.st_size);
  if (file_size < 8) {
    ::close(fd);
    return DataLoss(path + " is " + std::to_string(file_size) +
                    " bytes, too short for a safetensors header");
  }
  void* map = ::mmap(nullptr, file_size, PROT_READ, MAP_PRIVATE, fd, 0);
  ::close(fd);  // the mapping stays valid
  if (map == MAP_FAILED) return DataLoss("cannot mmap " + path + ": " + ErrnoText());
  std::shared_ptr<const void> mapping(
      map, [file_size](const void* p) { ::munmap(const_cast<void*>(p), file_size); });

  const auto* bytes = static_cast<const uint8_t*>(map);
  uint64_t header_len = 0;
  for (int i = 7; i >= 0; --i) header_len = (header_len << 8) | bytes[i];  // little-endian u64
  if (header_len > kMaxHeaderBytes || header_len > file_size - 8) {
    return DataLoss(path + ": header length " + std::to_string(header_len) + " exceeds the file (" +
                    std::to_string(file_size) + " bytes)");
  }
  SafetensorsFile f;
  f.path_ = path;
  f.mapping_ = mapping;
  f.data_ = bytes + 8 + header_len;
  f.data_size_ = file_size - 8 - header_len;
  std::string header(reinterpret_cast<const char*>(bytes + 8), header_len);
  auto tensors = ParseSafetensorsHeader(header, f.data_size_, &f.metadata_);
  if (!tensors.ok()) return tensors.status().WithContext(path);
  f.tensors_ = std::move(tensors).value();
  for (size_t i = 0; i < f.tensors_.size(); ++i) f.index_[f.tensors_[i].name] = i;
  return f;
}

bool SafetensorsFile::Has(const std::string& name) const { return index_.count(name) > 0; }

Result<TensorInfo> SafetensorsFile::Info(const std::string& name) const {
  auto it = index_.find(name);
  if (it == index_.end()) return NotFound("tensor '" + name + "' not in " + path_);
  return tensors_[it->second];
}

Result<HostTensor> SafetensorsFile::Get(const std::string& name) const {
  VLMXLA_ASSIGN_OR_RETURN(TensorInfo info, Info(name));
  return HostTensor::View(info.dtype, info.shape, data_ + info.begin, mapping_);
}

Status WriteSafetensors(const std::string& path, const std::map<std::string, HostTensor>& tensors,
                        const std::map<std::string, std::string>& metadata) {
  nlohmann::ordered_json header = nlohmann::ordered_json::object();
  if (!metadata.empty()) header["__metadata__"] = metadata;
  uint64_t offset = 0;
  for (const auto& [name, t] : tensors) {  // std::map: sorted by name
    nlohmann::ordered_json entry;
    entry["dtype"] = DTypeSafetensorsName(t.dtype());
    entry["shape"] = t.shape();
    entry["data_offsets"] = {offset, offset + t.byte_size()};
    header[name] = std::move(entry);
    offset += t.byte_size();
  }
  std::string text = header.dump();
  text.append((8 - text.size() % 8) % 8, ' ');  // pad so the data section is 8-byte aligned
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) return NotFound("cannot create " + path + ": " + ErrnoText());
  uint8_t len[8];
  for (int i = 0; i < 8; ++i) len[i] = static_cast<uint8_t>(uint64_t{text.size()} >> (8 * i));
  out.write(reinterpret_cast<const char*>(len), 8);
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
  for (const auto& [name, t] : tensors) {
    out.write(static_cast<const char*>(t.data()), static_cast<std::streamsize>(t.byte_size()));
  }
  out.close();
  if (!out) return DataLoss("failed writing " + path);
  return Status::Ok();
}

}  // namespace vlmxla::io
