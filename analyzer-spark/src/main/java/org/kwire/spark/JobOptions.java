package org.kwire.spark;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.commons.cli.ParseException;
import org.kwire.analysis.AnalysisConfig;
import org.kwire.analysis.AnalysisOption;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The analysis options of the Spark job ({@code kwire analyze}'s: {@link AnalysisOption}) and its captures (named
 * after the options or with {@code -r FILE}), read into the {@link AnalysisConfig} its tasks share. An option that is
 * not one of them, or a value refused, is an {@code IllegalArgumentException} with kwire's one-line message (the
 * same words as {@code kwire analyze}'s). {@code -q} is accepted and changes nothing (the job shows no progress).
 *
 * @param config the analysis
 * @param files  the captures as given: files, directories or globs of any Hadoop file system
 */
record JobOptions(AnalysisConfig config, List<String> files) {

    /**
     * Reads the options.
     *
     * @throws IllegalArgumentException (its {@code ConfigException} subclass for a refused value) in one line
     */
    static JobOptions of(List<String> args) {
        Options options = new Options();
        for (AnalysisOption o : AnalysisOption.values()) {
            options.addOption(Option.builder().longOpt(o.option()).hasArg(o.takesValue()).build());
        }
        options.addOption(Option.builder("r").longOpt("read").hasArg().build());
        options.addOption(Option.builder("q").longOpt("quiet").build());
        CommandLine cl;
        try {
            cl = new DefaultParser().parse(options, args.toArray(String[]::new));
        } catch (ParseException e) {
            throw new IllegalArgumentException("analyze: " + e.getMessage(), e);
        }
        AnalysisConfig config = AnalysisOption.config(name -> {
            if (!cl.hasOption(name)) {
                return List.of();
            }
            String[] values = cl.getOptionValues(name);
            return values == null ? List.of("") : List.of(values);
        });
        List<String> files = new ArrayList<>();
        if (cl.getOptionValues("read") != null) {
            files.addAll(Arrays.asList(cl.getOptionValues("read")));
        }
        files.addAll(cl.getArgList());
        return new JobOptions(config, files);
    }
}
